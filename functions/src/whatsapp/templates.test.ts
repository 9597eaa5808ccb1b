import { describe, expect, it } from 'vitest';
import { graphLanguageCode, templateDocId } from './templates.js';

describe('the language of a template status webhook', () => {
  it("is read in the Graph API's form: Meta's pt-BR and en-US find the templates stored as pt_BR and en_US", () => {
    expect(graphLanguageCode('pt-BR')).toBe('pt_BR');
    expect(graphLanguageCode('en-US')).toBe('en_US');
    expect(graphLanguageCode('pt_BR')).toBe('pt_BR');
    expect(graphLanguageCode('en')).toBe('en');
    expect(templateDocId({ name: 'pedido_enviado', language: graphLanguageCode('pt-BR') })).toBe('pedido_enviado');
    expect(templateDocId({ name: 'order_confirmation', language: graphLanguageCode('en-US') })).toBe('order_confirmation--en_US');
  });
});
