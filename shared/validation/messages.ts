/** Every user-facing validation and error text of sign-in, sign-up, reset and the quiz, written once (docs/accounts.md). */
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email format',
  emailRequired: 'Email address is required',
  /** Not in the spec: the one e-mail rule refuses non-ASCII addresses, and says why. */
  emailNotAscii: 'Email addresses with accented or non-Latin letters are not supported. Please use a plain ASCII address.',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password is too long',
  passwordTooLongReset: 'Password is too long (max 128 characters)',
  passwordWhitespace: 'Password cannot contain only whitespace',
  passwordMarkup: 'Password contains invalid characters',
  passwordCommon: 'Password is too common. Please choose a stronger password',
  passwordsDoNotMatch: 'Passwords do not match',
  /** Not in the spec (students keep its rule): teacher and admin accounts need more. */
  staffPasswordRule: 'Teacher and admin passwords must be at least 12 characters long and include upper- and lower-case letters, a number and a symbol',
  checkForm: 'Please check the form for errors',
  fillAllFields: 'Please fill in all fields',
  resetEnterEmail: 'Please enter your email address',
  resetValidEmail: 'Please enter a valid email address',
  tooManySignIn: 'Too many attempts. Please wait 5 minutes before trying again.',
  tooManySignUp: 'Too many attempts. Please wait 1 hour before trying again.',

  invalidCredentials:
    'Invalid email or password. Please check for typos, sign up if you don\'t have an account, or use "Forgot your password?" to reset it',
  emailNotConfirmed: 'Please check your email to confirm your account',
  serviceSignInRateLimit: 'Too many login attempts. Please wait a few minutes and try again.',
  signInFailed: 'Failed to sign in',

  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  signUpsDisabled: 'New signups are temporarily disabled. Please try again later.',
  serviceSignUpRateLimit: 'Too many signup attempts. Please wait a few minutes and try again.',
  databaseError: 'There was a problem creating your account. Please try again or contact support.',
  signUpFailed: 'Failed to create account',
  unexpected: 'An unexpected error occurred. Please try again.',

  resetSendFailed: 'Failed to send reset email',
  resetLinkInvalid: 'Unable to establish session. The reset link may be invalid or expired.',
  resetFailed: 'Failed to reset password',
  genericAuth: 'An authentication error occurred. Please try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

export const FIELD_MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be no more than ${n} characters`,
  invalidFormat: 'Invalid format',
} as const;
