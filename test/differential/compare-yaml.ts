/**
 * The differential check: a fast path must give exactly what the reference path gives
 * (output, metadata except processingMs, warnings, errors), or hand the document over.
 */
import { expect } from 'vitest';
import { ConversionError, convert, findLoneSurrogate, type ConvertRequest, type YamlVersion } from '@/lib/converter';
import { Bail, fastReadYamlOrBail, fastYamlToJsonOrBail } from '@/lib/converter/yaml/fast';
import { readYaml, type ReadYamlOptions } from '@/lib/converter/yaml/read-yaml';

type Outcome =
  | { ok: true; output: string; metadata: Record<string, unknown>; warnings: string[] }
  | { ok: false; error: string; code?: string; message: string; details?: unknown };

/** What a conversion answered, minus the timing. */
export function outcome(run: () => ReturnType<typeof convert>): Outcome {
  try {
    const r = run();
    const { processingMs: _ms, ...metadata } = r.metadata;
    return { ok: true, output: r.output, metadata, warnings: r.warnings };
  } catch (e) {
    if (e instanceof ConversionError) return { ok: false, error: 'ConversionError', code: e.code, message: e.message, details: e.details };
    return { ok: false, error: e instanceof Error ? e.name : 'thrown', message: String(e) };
  }
}

export function reference(request: ConvertRequest): Outcome {
  return outcome(() => convert(request, { fastYaml: false }));
}

/** Running tally of how often the fast path answered, to prove a test exercised it. */
export class Tally {
  fast = 0;
  bail = 0;
  refErrors = 0;
  readonly reasons = new Map<string, number>();

  add(r: 'fast' | Bail, refOk: boolean): void {
    if (!refOk) this.refErrors++;
    if (r === 'fast') this.fast++;
    else {
      this.bail++;
      if (refOk) this.reasons.set(r.reason, (this.reasons.get(r.reason) ?? 0) + 1);
    }
  }

  /** Share of the documents the reference accepts that the fast path answered. */
  get fastShareOfValid(): number {
    const valid = this.fast + this.bail - this.refErrors;
    return valid <= 0 ? 0 : this.fast / valid;
  }
}

/**
 * YAML -> JSON: the fast reader's answer must equal the reference's, byte for byte, or it
 * must bail; `convert` (which dispatches to it) must equal the reference in every case,
 * with and without preserveAnchors.
 */
export function checkYamlToJson(input: string, tally?: Tally, yamlVersion?: YamlVersion): 'fast' | Bail {
  const request: ConvertRequest = { input, inputType: 'yaml', outputType: 'json', ...(yamlVersion ? { yamlVersion } : {}) };
  const ref = reference(request);
  if (findLoneSurrogate(input) !== null) {
    // convert refuses these before any reader runs.
    expect(
      outcome(() => convert(request)),
      `convert, input: ${JSON.stringify(input)}`,
    ).toEqual(ref);
    return new Bail('lone surrogate');
  }
  const fast = fastYamlToJsonOrBail(input, yamlVersion);
  const result: 'fast' | Bail = fast instanceof Bail ? fast : 'fast';
  tally?.add(result, ref.ok);
  if (!(fast instanceof Bail)) {
    if (!ref.ok) {
      throw new Error(`The fast reader accepted a document the reference refuses (${ref.message}):\n${JSON.stringify(input)}`);
    }
    const got = {
      output: fast.output,
      outputSize: fast.outputBytes,
      warnings: fast.warnings,
      anchorsCount: fast.anchorsCount,
      commentsCount: fast.commentsCount,
      documents: fast.documents,
    };
    const want = {
      output: ref.output,
      outputSize: ref.metadata.outputSize,
      warnings: ref.warnings,
      anchorsCount: ref.metadata.anchorsCount,
      commentsCount: ref.metadata.commentsCount,
      documents: ref.metadata.documents,
    };
    expect(got, `input: ${JSON.stringify(input)}`).toEqual(want);
  }
  expect(
    outcome(() => convert(request)),
    `convert, input: ${JSON.stringify(input)}`,
  ).toEqual(ref);
  if (input.includes('&')) {
    const withAnchors = { ...request, preserveAnchors: true };
    expect(
      outcome(() => convert(withAnchors)),
      `convert with preserveAnchors, input: ${JSON.stringify(input)}`,
    ).toEqual(reference(withAnchors));
  }
  return result;
}

/** The reader option sets the conversions use: JSONC, YAML with everything kept, plain YAML. */
export const IR_OPTIONS: ReadYamlOptions[] = [
  { comments: true, anchors: false, target: 'json' },
  { comments: true, anchors: true, target: 'yaml' },
  { comments: false, anchors: false, target: 'yaml' },
];

/**
 * YAML -> IR: for each option set, the fast reader's IR (documents, warnings, counts) must
 * deep-equal readYaml's, or it must bail; it must never accept what readYaml refuses.
 */
export function checkYamlIr(input: string, tally?: Tally, options: ReadYamlOptions[] = IR_OPTIONS): void {
  if (findLoneSurrogate(input) !== null) return;
  for (const o of options) {
    let ref: ReturnType<typeof readYaml> | null = null;
    let refError: unknown = null;
    try {
      ref = readYaml(input, o);
    } catch (e) {
      refError = e;
    }
    const refOk = ref !== null && ref.errors.length === 0;
    const fast = fastReadYamlOrBail(input, o);
    tally?.add(fast instanceof Bail ? fast : 'fast', refOk);
    if (fast instanceof Bail) continue;
    if (!refOk) {
      const why = refError instanceof Error ? refError.message : JSON.stringify(ref?.errors[0]);
      throw new Error(`The fast reader accepted (${JSON.stringify(o)}) a document readYaml refuses (${why}):\n${JSON.stringify(input)}`);
    }
    const want: Record<string, unknown> = {
      documents: ref!.documents,
      warnings: ref!.warnings,
      anchorsCount: ref!.anchorsCount,
      commentsCount: ref!.commentsCount,
    };
    if (ref!.streamComments !== undefined) want.streamComments = ref!.streamComments;
    expect(fast, `${JSON.stringify(o)}, input: ${JSON.stringify(input)}`).toEqual(want);
  }
}

/** The conversions that read YAML into the IR, through `convert`: same answer with and without the fast reader. */
export function checkYamlConversions(input: string, yamlVersion?: YamlVersion): void {
  const base = { input, inputType: 'yaml', ...(yamlVersion ? { yamlVersion } : {}) };
  for (const extra of [
    { outputType: 'json', preserveComments: true },
    { outputType: 'json', preserveComments: true, preserveAnchors: true },
    { outputType: 'yaml' },
    { outputType: 'yaml', preserveComments: true },
    { outputType: 'yaml', preserveAnchors: true },
    { outputType: 'yaml', preserveComments: true, preserveAnchors: true },
  ]) {
    const request = { ...base, ...extra } as ConvertRequest;
    expect(
      outcome(() => convert(request)),
      `${JSON.stringify(extra)}, input: ${JSON.stringify(input)}`,
    ).toEqual(reference(request));
  }
}
