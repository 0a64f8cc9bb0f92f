import { graphemeLength } from '@contracts/graphemes';
import { cn } from '@web/lib/utils';
import { formatCount } from '@contracts/limits';

/**
 * "123 / 2,000" under a text box, counting characters as people see them (an emoji is one). The
 * box has no `maxlength`: that counts UTF-16 units and silently cuts a paste, losing the end of
 * what was written. Past the limit the counter says by how much and the form refuses to send.
 */
export function CharacterCount({ id, text, max }: { id: string; text: string; max: number }) {
  const count = graphemeLength(text);
  const over = count - max;
  return (
    <p
      id={id}
      className={cn(
        'text-right text-sm tabular-nums',
        over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {`${formatCount(count)} / ${formatCount(max)} characters`}
      {over > 0 ? (
        // Said once when the text goes past the limit, not at every keystroke.
        <span role="status">{` — ${formatCount(over)} too many`}</span>
      ) : null}
    </p>
  );
}
