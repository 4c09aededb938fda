import { passwordRules } from '@graphium/shared';

export const passwordRulesText = `${passwordRules.minLength}–${passwordRules.maxLength} characters with an uppercase letter, a lowercase letter, a digit and a symbol.`;
