/** The value of the category select that reveals the free-form field (a select item never has an empty value). */
export const CUSTOM_CATEGORY = 'egen';
