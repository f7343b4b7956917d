// What the playground shows for one converter answer: output text, its language, the problems and a title.
import type { ValidationIssue } from '@/lib/converter';
import type { ConverterAnswer } from './converter-protocol';
import type { PlaygroundRequest } from './playground-state';

/** The status the API answers with for each error code the converter can produce. */
const STATUS_OF: Record<string, number> = {
  bad_request: 400,
  invalid_input: 422,
  limit_exceeded: 422,
  internal_error: 500,
};

export interface Problem {
  message: string;
  code: string;
  /** 1-based; absent for problems without a place (limits, bad requests). */
  line?: number;
  column?: number;
}

export interface ConversionView {
  /** The text in the output editor. */
  output: string;
  language: 'yaml' | 'json';
  /** What the output is, for its heading. */
  title: string;
  /** True when `output` is the converted document (copy/download offer it as such). */
  isDocument: boolean;
  /** True for an error answer (the API's 400/422/500 body): the input did not convert. */
  failed: boolean;
  fileName: string;
  mimeType: string;
  problems: Problem[];
  warnings: string[];
  /** One line for the status bar and the screen reader. */
  summary: string;
}

export function toConversionView(request: PlaygroundRequest, answer: ConverterAnswer): ConversionView {
  if (!answer.success) {
    const { code, message, details } = answer.error;
    const problems: Problem[] = details?.length ? details.map(fromIssue) : [{ message, code }];
    return {
      output: `${JSON.stringify(answer, null, 2)}\n`,
      language: 'json',
      title: `Error response (${STATUS_OF[code] ?? 500} ${code})`,
      isDocument: false,
      failed: true,
      fileName: 'error.json',
      mimeType: 'application/json',
      problems,
      warnings: [],
      summary: problems.length === 1 ? '1 problem' : `${problems.length} problems`,
    };
  }
  if ('output' in answer) {
    const outputType = request.endpoint === '/api/convert' ? request.body.outputType : 'json';
    const language = outputType === 'yaml' ? 'yaml' : 'json';
    return {
      output: answer.output,
      language,
      title: language === 'yaml' ? 'YAML' : 'JSON',
      isDocument: true,
      failed: false,
      fileName: `converted.${language}`,
      mimeType: language === 'yaml' ? 'application/yaml' : 'application/json',
      problems: [],
      warnings: answer.warnings,
      summary: `Converted in ${answer.metadata.processingMs} ms`,
    };
  }
  const problems = answer.errors.map(fromIssue);
  return {
    output: `${JSON.stringify(answer, null, 2)}\n`,
    language: 'json',
    title: 'Validation result',
    isDocument: false,
    failed: false,
    fileName: 'validation.json',
    mimeType: 'application/json',
    problems,
    warnings: [],
    summary: answer.valid ? 'Valid' : problems.length === 1 ? 'Invalid: 1 problem' : `Invalid: ${problems.length} problems`,
  };
}

function fromIssue(issue: ValidationIssue): Problem {
  return { message: issue.message, code: issue.code, line: issue.line, column: issue.column };
}

/** What the output pane shows: the current output, or while the input is in error the last good one. */
export interface OutputPane {
  text: string;
  language: 'yaml' | 'json';
  title: string;
  /** True when the text is not the answer to the current input (shown dimmed; copy and download are off). */
  stale: boolean;
  /** A short line over the pane when it does not show the current output; null otherwise. */
  note: string | null;
}

/**
 * The output pane for the current view and the last view that was not a failure:
 * while the input is in error the pane keeps the last good output, dimmed, instead of the raw error
 * body; the problems list and the markers show the errors. With no good output yet: an empty pane.
 */
export function toOutputPane(current: ConversionView | null, lastGood: ConversionView | null): OutputPane {
  if (!current) return { text: '', language: 'json', title: '', stale: false, note: null };
  if (!current.failed) return { text: current.output, language: current.language, title: current.title, stale: false, note: null };
  if (!lastGood) {
    return { text: '', language: 'json', title: '', stale: true, note: 'No output yet: the input has problems (listed below).' };
  }
  return {
    text: lastGood.output,
    language: lastGood.language,
    title: lastGood.title,
    stale: true,
    note: 'Showing the last valid output: the input has problems (listed below).',
  };
}
