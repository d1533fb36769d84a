export default {
  greeting: {
    morning: 'Good morning, {{name}}',
    day: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  welcome: 'Welcome to Avlu. Reach the sections your role opens below or from the menu on the left.',
  location: 'Location: {{name}}',
  shortcuts: { title: 'Your sections', open: 'Open page' },
};
