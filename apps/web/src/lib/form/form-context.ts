import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type FormFields = {
  /** i18n namespace of the labels: a field `name` is labelled `<labels>:fields.<name>`. */
  labels?: string;
  /** The names that have a field on screen; errors for other names go to the form's alert. */
  shown: Set<string>;
};

export const FormFieldsContext = createContext<FormFields>({ shown: new Set() });

/** Registers a field as shown and gives its translated label. */
export const useFieldLabel = (name: string, label?: string) => {
  const { labels, shown } = useContext(FormFieldsContext);
  const { t } = useTranslation();
  useEffect(() => {
    shown.add(name);
    return () => {
      shown.delete(name);
    };
  }, [shown, name]);
  const key = label ?? (labels ? `${labels}:fields.${name}` : undefined);
  return key ? t(key, { defaultValue: name }) : name;
};
