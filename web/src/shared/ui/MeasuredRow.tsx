import type { ReactNode } from 'react';

/**
 * One row of a virtualised list (@tanstack/react-virtual): placed at its offset and measured once
 * drawn, so rows of any height (an opened entry, a waterfall) keep the list's positions true.
 */
export function MeasuredRow(props: {
  index: number;
  start: number;
  measure: (el: Element | null) => void;
  children: ReactNode;
}) {
  return (
    <div
      data-index={props.index}
      ref={props.measure}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${props.start}px)`,
      }}
    >
      {props.children}
    </div>
  );
}
