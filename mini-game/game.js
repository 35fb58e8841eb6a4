// Quick 3, the demo mini game the floating button opens (docs/mini-game.md): pick 3 numbers from 0 to
// 9, draw 3, see what matched. It stands for a vendor's game page; nothing is staked or won.
const picks = [];
const slots = [...document.querySelectorAll('[data-slot]')];
const digits = [...document.querySelectorAll('[data-digit]')];
const drawn = document.querySelector('.drawn');
const outcome = document.getElementById('outcome');
const drawButton = document.getElementById('draw');

/** A random digit from the browser's cryptographic source (a fair draw, even in a demo). */
const randomDigit = () => {
  const bytes = new Uint8Array(1);
  do crypto.getRandomValues(bytes);
  while (bytes[0] >= 250); // 250 is the largest multiple of 10 below 256: no digit is favoured
  return bytes[0] % 10;
};

function show() {
  slots.forEach((slot, i) => (slot.textContent = picks[i] ?? '?'));
  for (const button of digits) button.setAttribute('aria-pressed', String(picks.includes(Number(button.dataset.digit))));
  drawButton.disabled = picks.length < 3;
}

function reset() {
  picks.length = 0;
  drawn.hidden = true;
  outcome.textContent = '';
  for (const ball of slots) ball.classList.remove('hit');
}

for (const button of digits) {
  button.addEventListener('click', () => {
    if (picks.length === 3) reset();
    picks.push(Number(button.dataset.digit));
    // Keys typed in this frame never reach the page around it: Escape asks the floating button to close it.
    addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && parent !== window) parent.postMessage('wps-minigame:close', '*');
    });

    show();
  });
}

document.getElementById('clear').addEventListener('click', () => {
  reset();
  // Keys typed in this frame never reach the page around it: Escape asks the floating button to close it.
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && parent !== window) parent.postMessage('wps-minigame:close', '*');
  });

  show();
});

document.getElementById('quick').addEventListener('click', () => {
  reset();
  while (picks.length < 3) picks.push(randomDigit());
  // Keys typed in this frame never reach the page around it: Escape asks the floating button to close it.
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && parent !== window) parent.postMessage('wps-minigame:close', '*');
  });

  show();
});

drawButton.addEventListener('click', () => {
  const result = [randomDigit(), randomDigit(), randomDigit()];
  const balls = drawn.querySelectorAll('.ball');
  result.forEach((n, i) => {
    balls[i].textContent = n;
    slots[i].classList.toggle('hit', picks[i] === n);
  });
  drawn.hidden = false;
  const exact = result.filter((n, i) => picks[i] === n).length;
  const sameDigits = [...picks].sort().join() === [...result].sort().join();
  outcome.textContent =
    exact === 3
      ? 'All three in order: a straight win! (Demo: no prize.)'
      : sameDigits
        ? 'Same numbers in another order: a box win! (Demo: no prize.)'
        : `Drawn ${result.join(' ')}: ${exact} of 3 in place. Try again!`;
});

// Keys typed in this frame never reach the page around it: Escape asks the floating button to close it.
addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && parent !== window) parent.postMessage('wps-minigame:close', '*');
});

show();
