/** Shapes shared by the calls that mail a verification code. */

/** The e-mail and the captcha answer a code request carries (the captcha is then used up). */
export interface CodeRequest {
  email: string;
  uuid: string;
  code: string;
}

export interface CodeSent {
  /** Seconds until another code may be asked for. */
  resend_after_s: number;
}
