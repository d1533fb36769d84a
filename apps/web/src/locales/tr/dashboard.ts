export default {
  greeting: {
    morning: 'Günaydın, {{name}}',
    day: 'İyi günler, {{name}}',
    evening: 'İyi akşamlar, {{name}}',
  },
  welcome:
    'Avlu’ya hoş geldiniz. Yetkili olduğunuz bölümlere aşağıdan ya da soldaki menüden ulaşabilirsiniz.',
  location: 'AVM: {{name}}',
  shortcuts: { title: 'Bölümleriniz', open: 'Sayfayı aç' },
};
