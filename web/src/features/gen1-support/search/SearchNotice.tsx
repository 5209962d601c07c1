import { Alert, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';

/** How long the search notice stays before it fades (core spec §4, §9: about 10 s). */
export const NOTICE_MS = 10_000;

interface SearchNoticeProps {
  /** Changes each time a search answers: the notice shows again. */
  stamp: number;
  message: string | null;
  failed?: boolean;
}

/** The notice after each search: shows about 10 seconds, then fades. */
export function SearchNotice({ stamp, message, failed }: SearchNoticeProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!stamp || !message) return;
    setShown(true);
    const timer = window.setTimeout(() => setShown(false), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [stamp, message]);
  return (
    <Transition mounted={shown} transition="fade" duration={600}>
      {(styles) => (
        <Alert style={styles} role="status" color={failed ? 'red' : 'blue'} variant="light" py="xs">
          {message}
        </Alert>
      )}
    </Transition>
  );
}
