import { Tooltip } from 'antd';

/**
 * A grid line's number cell: the number alone, or, when something is wrong with the line (a refusal
 * of the server, or a problem the screen sees), the number marked with what is wrong in its tooltip
 * and accessible name.
 */
export function LineNumberCell({ index, note, testId = 'line-refusal' }: { index: number; note?: string; testId?: string }) {
  return (
    <td className="journal-grid-no">
      {note ? (
        <Tooltip title={note}>
          <span className="journal-line-refusal" role="img" aria-label={`Line ${index + 1}: ${note}`} data-testid={testId}>
            {index + 1}
          </span>
        </Tooltip>
      ) : (
        index + 1
      )}
    </td>
  );
}
