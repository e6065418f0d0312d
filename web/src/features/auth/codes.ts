// The auth forms' failures the visitor reads in their language: the server answers in the seed's English, the forms
// show the text of the failure's code (useSchemaForm's `codes`).
export const AUTH_CODES = {
  INVALID_CREDENTIALS: 'auth.errors.invalidcredentials',
  RATE_LIMITED: 'auth.errors.toomany',
  ACCOUNT_DISABLED: 'auth.errors.disabled',
  EMAIL_TAKEN: 'auth.errors.emailtaken',
  INVALID_TOKEN: 'auth.errors.invalidreset',
};
