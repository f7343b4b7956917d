/**
 * 1-based line and column of an offset, as the `yaml` package's LineCounter gives them
 * (a line starts after each `\n`; columns count UTF-16 units). Cheap for offsets asked
 * in increasing order, which is how readers report warnings.
 */
export class Positions {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly src: string) {}

  at(offset: number): { line: number; column: number } {
    if (offset < this.offset) {
      this.offset = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    const src = this.src;
    for (let nl = src.indexOf('\n', this.offset); nl !== -1 && nl < offset; nl = src.indexOf('\n', nl + 1)) {
      this.line++;
      this.lineStart = nl + 1;
    }
    this.offset = offset;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }

  where(offset: number): string {
    const { line, column } = this.at(offset);
    return `line ${line}, column ${column}`;
  }
}
