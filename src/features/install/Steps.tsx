/** Numbered steps of an install guide. */
export function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="steps" part="steps">
      {steps.map((step, i) => (
        <li key={i} part="step">
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** Step keys per browser (docs/install.md, "Steps"). */
export const ANDROID_STEPS = ['install.step.android_menu', 'install.step.android_install', 'install.step.android_confirm'];
export const IOS_SAFARI_STEPS = ['install.step.ios_share', 'install.step.ios_add', 'install.step.ios_confirm'];
export const IOS_CHROME_STEPS = ['install.step.ios_chrome_share', 'install.step.ios_add', 'install.step.ios_confirm'];
/** Edge, Firefox and Opera on iOS: Share is in their menu. */
export const IOS_MENU_STEPS = ['install.step.ios_menu_share', 'install.step.ios_add', 'install.step.ios_confirm'];
