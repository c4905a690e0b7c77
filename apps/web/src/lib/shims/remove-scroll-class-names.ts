// What Mantine's AppShell header, footer and aside import from react-remove-scroll: the class names
// that keep fixed bars clear of the scrollbar while a modal locks the page (vite.config.ts resolves
// their import here). The package's entry is the scroll lock itself (about 4 KB gzip), which the
// chat's first load does not need; it comes with the first modal. The names are
// react-remove-scroll-bar's constants (2.3), the ones the lock's styles use.
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
};
