export default {
  home: 'Go to home',
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for may have been moved, removed or never existed. Check the address and try again.',
  },
  serverError: {
    title: 'Something went wrong',
    text: 'The server ran into an unexpected error. Please try again in a little while.',
  },
  permissionDenied: {
    title: 'Permission Denied',
    text: 'You do not have permission to access this page.',
  },
};
