/** Lets React code (the host page) render the elements as JSX. */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type ElementProps<P> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & P & { class?: string };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'wps-download-bar': ElementProps<{ merchant?: string; 'api-base'?: string }>;
      'wps-notice': ElementProps<{ open?: boolean; queue?: boolean; heading?: string; message?: string; 'confirm-text'?: string; 'cancel-text'?: string; forced?: boolean }>;
      'wps-spinner': ElementProps<{ open?: boolean; label?: string; timeout?: number }>;
      'wps-access-denied': ElementProps<{ force?: boolean }>;
      'wps-maintenance': ElementProps<{ force?: boolean }>;
      'wps-domain-error': ElementProps<object>;
      'wps-update-notice': ElementProps<object>;
      'wps-network-notice': ElementProps<object>;
      'wps-country-picker': ElementProps<{ merchant?: string; 'api-base'?: string; value?: string; disabled?: boolean }>;
      'wps-login-form': ElementProps<{ merchant?: string; 'api-base'?: string; 'no-auto-login'?: boolean }>;
      'wps-register-form': ElementProps<{ merchant?: string; 'api-base'?: string; 'referral-code'?: string }>;
      'wps-captcha': ElementProps<{ merchant?: string; 'api-base'?: string; scene?: 'login' | 'sms' | 'register'; version?: 'v3' | 'v4' }>;
      'wps-two-factor': ElementProps<{ merchant?: string; 'api-base'?: string; auto?: boolean }>;
    }
  }
}
