// Character codes (UTF-16 code units) the readers and writers compare against, named once.
// Hot files copy them into module constants once (`const { TAB, LF } = chars;`): in a bundle an
// imported const is a plain constant, but under tsx and vitest each use of an imported name is a
// getter call, which the benchmarks and tests would pay on every character.

export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const BANG = 33;
export const DQUOTE = 34;
export const HASH = 35;
export const DOLLAR = 36;
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
export const UPPER_A = 65;
export const UPPER_E = 69;
export const UPPER_F = 70;
export const UPPER_Z = 90;
export const LBRACKET = 91;
export const BACKSLASH = 92;
export const RBRACKET = 93;
export const UNDERSCORE = 95;
export const BACKTICK = 96;
export const LOWER_A = 97;
export const LOWER_B = 98;
export const LOWER_E = 101;
export const LOWER_F = 102;
export const LOWER_N = 110;
export const LOWER_R = 114;
export const LOWER_T = 116;
export const LOWER_U = 117;
export const LOWER_Z = 122;
export const LBRACE = 123;
export const PIPE = 124;
export const RBRACE = 125;
export const DEL = 127;
/** U+FEFF, the byte order mark, ignored at the start of a stream. */
export const BOM = 0xfeff;
