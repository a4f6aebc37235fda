import { Fragment } from 'react';

/**
 * An e-mail address that may wrap only after its '@' and its dots, never inside a word
 * ('familia.nueva.1 / 5372@example / .org' is how a narrow cell broke them before).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className={['email-address', className].filter(Boolean).join(' ')}>
      {parts.map((part, i) => (
        // The parts of one address never change order; their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}

/** A sentence whose e-mail addresses (any word with an '@') wrap like EmailAddress's. */
export function TextWithEmails({ text }: { text: string }) {
  const parts = text.split(/(\S+@\S+\.[^\s.,;:)]+)/);
  return (
    <>
      {parts.map((part, i) =>
        // Odd parts are the addresses (the split's captured group).
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <EmailAddress key={i} email={part} />
        ) : (
          part
        ),
      )}
    </>
  );
}
