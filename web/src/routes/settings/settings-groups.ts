import type { SettingsDefinition } from '@console/shared';

export interface SettingsPurpose {
  key: 'store' | 'payment' | 'shipping' | 'marketing' | 'integrations';
  title: string;
  /** Settings ids of this purpose, in the order the page lists them. */
  ids: readonly string[];
}

/**
 * The settings screens by what the operator comes to change (issue 32): the store itself, how it is
 * paid, how it ships, how it sells (ads, analytics, e-mail and WhatsApp sending), and the systems
 * it is connected to. Each settings id of a project is in exactly one purpose (settings-groups.test.ts).
 */
export const SETTINGS_PURPOSES: readonly SettingsPurpose[] = [
  { key: 'store', title: 'Loja', ids: ['store', 'readiness', 'layout', 'checkout', 'blog', 'conversation'] },
  { key: 'payment', title: 'Pagamento', ids: ['payment', 'payment-custom', 'mercadopago', 'asaas', 'belluno', 'pagaleve'] },
  { key: 'shipping', title: 'Frete', ids: ['shipping', 'frenet', 'kangu'] },
  { key: 'marketing', title: 'Marketing', ids: ['googleanalytics', 'googleads', 'metaads', 'customerio', 'hotjar', 'sendgrid', 'waba'] },
  { key: 'integrations', title: 'Integrações', ids: ['erp', 'bling', 'tramontina', 'amazon', 'bunny', 'expo', 'consoleauthgoogle'] },
];

export interface SettingsGroup {
  purpose: SettingsPurpose;
  settings: SettingsDefinition[];
}

/** The settings the user may open, by purpose, in the purposes' order; purposes with none are left out. */
export function groupSettingsByPurpose(settings: readonly SettingsDefinition[]): SettingsGroup[] {
  return SETTINGS_PURPOSES.map((purpose) => ({
    purpose,
    settings: purpose.ids.flatMap((id) => settings.filter((s) => s.id === id)),
  })).filter((group) => group.settings.length > 0);
}
