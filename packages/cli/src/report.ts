// How problems and warnings are printed: plain text (`file:line:col: error: message (CODE)`) or GitHub
// Actions workflow commands (`::error file=,line=,col=::message`) that put them on the lines of a PR.
import type { Problem } from './engine';
import type { ReportFormat } from './options';

/** Workflow command data: `%`, CR and LF escaped (GitHub's toCommandValue). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow command property values: also `:` and `,`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function problemLine(format: ReportFormat, file: string, problem: Problem): string {
  const { message, line, column, code } = problem;
  if (format === 'github') {
    const where = line !== undefined ? `,line=${line}${column !== undefined ? `,col=${column}` : ''}` : '';
    return `::error file=${escapeProperty(file)}${where}::${escapeData(code ? `${message} (${code})` : message)}`;
  }
  const where = line !== undefined ? `:${line}${column !== undefined ? `:${column}` : ''}` : '';
  return `${file}${where}: error: ${message}${code ? ` (${code})` : ''}`;
}

export function warningLine(format: ReportFormat, file: string, warning: string): string {
  return format === 'github' ? `::warning file=${escapeProperty(file)}::${escapeData(warning)}` : `${file}: warning: ${warning}`;
}

/** format --check: a file whose formatted text differs from what it holds. */
export function wouldChangeLine(format: ReportFormat, file: string): string {
  return format === 'github'
    ? `::error file=${escapeProperty(file)}::${escapeData('yamljson format would change this file (run yamljson format --in-place)')}`
    : file;
}
