/**
 * The fast YAML -> JSON path: a single-pass reader that writes JSON text directly, for
 * the documents real files are made of. It either gives exactly what the reference path
 * (readYaml + writeJson) gives, or bails, and the caller runs the reference path.
 */
import type { YamlVersion, YDocument } from '../../types';
import type { ReadYamlOptions } from '../read-yaml';
import { Bail, isBail } from '../../bail';
import { IrSink } from './ir-sink';
import { JsonSink } from './json-sink';
import { FastReader } from './reader';

export { Bail, isBail } from '../../bail';

export interface FastJsonResult {
  output: string;
  /** UTF-8 bytes of `output`, counted as it was written (the output is never flattened here). */
  outputBytes: number;
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
  documents: number;
}

/** YAML -> JSON text (no comments kept), or the reason it was left to the reference path. */
export function fastYamlToJsonOrBail(input: string, yamlVersion: YamlVersion = '1.2'): FastJsonResult | Bail {
  try {
    const sink = new JsonSink(input, yamlVersion);
    const stats = new FastReader(input, sink).read();
    const { output, outputBytes, warnings } = sink.result();
    return {
      output,
      outputBytes,
      warnings,
      anchorsCount: stats.anchors,
      commentsCount: stats.comments,
      documents: stats.documents,
    };
  } catch (e) {
    if (isBail(e)) return e;
    throw e;
  }
}

/** YAML -> JSON text, or null when the reference path must do it. */
export function fastYamlToJson(input: string, yamlVersion: YamlVersion = '1.2'): FastJsonResult | null {
  const r = fastYamlToJsonOrBail(input, yamlVersion);
  return r instanceof Bail ? null : r;
}

export interface FastReadResult {
  documents: YDocument[];
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
  /** With comments: those of a stream that holds no document (readYaml's `streamComments`). */
  streamComments?: string[];
}

/**
 * YAML -> IR with comments and anchors as asked, exactly what readYaml gives for a valid
 * document, or the reason it was left to readYaml.
 */
export function fastReadYamlOrBail(input: string, options: ReadYamlOptions): FastReadResult | Bail {
  try {
    const offsets: number[] = [];
    const sink = new IrSink(input, options, offsets);
    const stats = new FastReader(input, sink, offsets).read();
    const result: FastReadResult = { documents: sink.documents, warnings: sink.warnings, anchorsCount: stats.anchors, commentsCount: stats.comments };
    if (sink.streamComments !== undefined) result.streamComments = sink.streamComments;
    return result;
  } catch (e) {
    if (isBail(e)) return e;
    throw e;
  }
}

/** YAML -> IR, or null when readYaml must do it. */
export function fastReadYaml(input: string, options: ReadYamlOptions): FastReadResult | null {
  const r = fastReadYamlOrBail(input, options);
  return r instanceof Bail ? null : r;
}
