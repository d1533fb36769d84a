export default {
  showPassword: 'Şifreyi göster',
  hidePassword: 'Şifreyi gizle',
};
