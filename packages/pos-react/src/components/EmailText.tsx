import { Fragment } from 'react';

/**
 * An email address that wraps only where a reader expects it: after the '@' and before a '.',
 * never inside a name, not even at its hyphen ('longfellow-|hargreaves'). Long addresses in narrow
 * cells stay readable.
 */
export function EmailText({ email, testId }: { email: string; testId?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="break-normal" data-testid={testId}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
