// Sign-in's words, apart from the code that checks credentials so that the browser tests (which load no
// database code) can read them too.

/** Sign-in's one refusal: an unknown address, a wrong password, a disabled account and an address not yet confirmed alike. */
export const WRONG_CREDENTIALS = 'Wrong email or password. Just signed up? Open the link we mailed you first.';
