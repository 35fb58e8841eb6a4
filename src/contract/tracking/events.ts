/** The conversion events the product reports (docs/product.md §9), as the tracking post carries them. */
export type ConversionEvent =
  | 'firstOpen'
  | 'registerSubmit'
  | 'register'
  | 'depositSubmit'
  | 'firstDeposit'
  | 'withdraw'
  | 'deposit'
  | 'redeposit'
  | 'firstDepositArrival'
  | 'startTrial'
  | 'login'
  | 'viewContent'
  | 'downloadApp'
  | 'gameLaunch'
  | 'a2hsInstalled';

/** What an event may carry besides its name (docs/product.md §3, "Tracking event payload"; extra fields are the feature's). */
export type TrackPayload = Record<string, string | number | boolean | undefined>;
