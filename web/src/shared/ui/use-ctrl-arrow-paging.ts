import { useEffect } from 'react';

/** ctrl+← and ctrl+→ page back and on (seed 000 §2), unless focus is in a text field. */
export function useCtrlArrowPaging(onPage: (step: -1 | 1) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.ctrlKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, [contenteditable="true"]')) return;
      e.preventDefault();
      onPage(e.key === 'ArrowRight' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPage]);
}
