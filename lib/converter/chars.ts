// Character codes (UTF-16 code units) the readers and writers compare against, named once.
// Plain `const` numbers: V8 folds them like literals, so the hot loops pay nothing for the names.

export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const BANG = 33;
export const DQUOTE = 34;
export const HASH = 35;
export const PERCENT = 37;
export const AMP = 38;
export const SQUOTE = 39;
export const STAR = 42;
export const PLUS = 43;
export const COMMA = 44;
export const DASH = 45;
export const DOT = 46;
export const SLASH = 47;
export const ZERO = 48;
export const ONE = 49;
export const NINE = 57;
export const COLON = 58;
export const GT = 62;
export const QUESTION = 63;
export const AT = 64;
export const LBRACKET = 91;
export const BACKSLASH = 92;
export const RBRACKET = 93;
export const BACKTICK = 96;
export const LBRACE = 123;
export const PIPE = 124;
export const RBRACE = 125;
/** U+FEFF, the byte order mark, ignored at the start of a stream. */
export const BOM = 0xfeff;
