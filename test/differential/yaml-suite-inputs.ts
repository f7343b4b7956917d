import fs from 'node:fs';
import path from 'node:path';
import { sharedPath } from '../helpers/shared-path';

/** Every in.yaml of the YAML test suite (../shared/conformance), with its case id. */
export function suiteInputs(): [string, string][] {
  const root = sharedPath('conformance', 'yaml-test-suite');
  const out: [string, string][] = [];
  for (const id of fs.readdirSync(root).sort()) {
    const dir = path.join(root, id);
    if (!fs.statSync(dir).isDirectory()) continue;
    const dirs = fs.existsSync(path.join(dir, 'in.yaml'))
      ? [[id, dir]]
      : fs
          .readdirSync(dir)
          .sort()
          .map((s) => [`${id}/${s}`, path.join(dir, s)]);
    for (const [caseId, caseDir] of dirs) out.push([caseId!, fs.readFileSync(path.join(caseDir!, 'in.yaml'), 'utf8')]);
  }
  return out;
}
