export default {
  /** Asked before leaving a page whose form was changed and not saved. */
  unsaved: {
    title: 'Kaydedilmemiş değişiklikler var',
    text: 'Bu sayfadan ayrılırsanız yaptığınız değişiklikler kaybolacak.',
    leave: 'Kaydetmeden ayrıl',
    stay: 'Sayfada kal',
  },
  showPassword: 'Şifreyi göster',
  hidePassword: 'Şifreyi gizle',
};
