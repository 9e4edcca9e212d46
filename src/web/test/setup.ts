/**
 * Set-up for the unit tests. In the component tests (a DOM is present), Testing Library's
 * findBy/waitFor give up after 1 s, which a render of the analysis view passed beside two
 * CPU-bound processes: the wait covers a loaded machine, and a test that really fails still
 * fails (it only takes longer to say so). The other unit tests do not load Testing Library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
