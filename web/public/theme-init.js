// Applies the saved colour theme before the first paint (see web/src/lib/theme.ts for the same rule).
// 'light' or 'dark' is the visitor's choice; anything else follows the device's setting.
(() => {
  try {
    const choice = localStorage.getItem('tradenest.theme');
    const dark =
      choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: the app applies the device's setting once it starts.
  }
})();
