// The documents' words in the three languages of the app (es-419 default, en, pt-BR).
export type DocLanguage = 'es' | 'en' | 'pt';

export const docTexts = {
  es: {
    receipt: 'Recibo', refundReceipt: 'Recibo de reembolso', statement: 'Estado de cuenta mensual',
    number: 'Número', date: 'Fecha', issuer: 'Emisor', campaign: 'Campaña', creator: 'Creador',
    amount: 'Monto', fee: 'Comisión de la plataforma', net: 'Neto', gross: 'Bruto', payouts: 'Pagos recibidos',
    client: 'Cliente', service: 'Servicio', licence: 'Licencia de uso', period: 'Período',
    clientTaxStatus: 'Situación fiscal del cliente', foreignClient: 'Cliente del exterior (EE. UU.), sin identificación fiscal local',
    invoiceData: 'Datos para tu comprobante local', noLicence: 'Sin licencia de uso',
    disclaimer: 'Este documento resume movimientos; no es asesoría fiscal.',
  },
  en: {
    receipt: 'Receipt', refundReceipt: 'Refund receipt', statement: 'Monthly statement',
    number: 'Number', date: 'Date', issuer: 'Issuer', campaign: 'Campaign', creator: 'Creator',
    amount: 'Amount', fee: 'Platform fee', net: 'Net', gross: 'Gross', payouts: 'Payouts received',
    client: 'Client', service: 'Service', licence: 'Usage licence', period: 'Period',
    clientTaxStatus: 'Client tax status', foreignClient: 'Foreign client (USA), no local tax id',
    invoiceData: 'Data for your local invoice', noLicence: 'No usage licence',
    disclaimer: 'This document summarises movements; it is not tax advice.',
  },
  pt: {
    receipt: 'Recibo', refundReceipt: 'Recibo de reembolso', statement: 'Extrato mensal',
    number: 'Número', date: 'Data', issuer: 'Emissor', campaign: 'Campanha', creator: 'Criador',
    amount: 'Valor', fee: 'Taxa da plataforma', net: 'Líquido', gross: 'Bruto', payouts: 'Saques recebidos',
    client: 'Cliente', service: 'Serviço', licence: 'Licença de uso', period: 'Período',
    clientTaxStatus: 'Situação fiscal do cliente', foreignClient: 'Cliente do exterior (EUA), sem inscrição fiscal local',
    invoiceData: 'Dados para sua nota fiscal local', noLicence: 'Sem licença de uso',
    disclaimer: 'Este documento resume movimentações; não é consultoria tributária.',
  },
} as const satisfies Record<DocLanguage, Record<string, string>>;

/** What each payout country's own invoice asks for that we can supply; see decision 0057 for sources. */
export const countryInvoiceNotes: Record<string, Record<DocLanguage, string>> = {
  MX: {
    es: 'México, CFDI de exportación: RFC receptor genérico XEXX010101000, uso CFDI S01, clave de exportación 02, moneda USD con tipo de cambio, IVA 0%.',
    en: 'Mexico, export CFDI: generic foreign receiver RFC XEXX010101000, CFDI use S01, export key 02, currency USD with exchange rate, 0% VAT.',
    pt: 'México, CFDI de exportação: RFC genérico do receptor XEXX010101000, uso CFDI S01, chave de exportação 02, moeda USD com taxa de câmbio, IVA 0%.',
  },
  AR: {
    es: 'Argentina, Factura E (exportación de servicios): cliente del exterior, país de destino EE. UU., moneda USD con cotización, incoterm no aplica.',
    en: 'Argentina, Factura E (export of services): foreign client, destination country USA, currency USD with exchange rate, no incoterm.',
    pt: 'Argentina, Factura E (exportação de serviços): cliente do exterior, país de destino EUA, moeda USD com cotação, sem incoterm.',
  },
  CL: {
    es: 'Chile, boleta de honorarios electrónica (SII): nombre y domicilio del receptor, descripción del servicio, monto bruto; el receptor extranjero no retiene: el emisor paga la retención en su declaración mensual.',
    en: 'Chile, electronic boleta de honorarios (SII): receiver name and address, service description, gross amount; a foreign receiver does not withhold: the issuer pays the retention in the monthly return.',
    pt: 'Chile, boleta de honorarios eletrônica (SII): nome e endereço do receptor, descrição do serviço, valor bruto; o receptor estrangeiro não retém: o emissor paga a retenção na declaração mensal.',
  },
  CO: {
    es: 'Colombia, factura electrónica (DIAN): adquirente del exterior, exportación de servicios sin IVA, factura en pesos (COP) con el valor en USD en la misma factura o un anexo.',
    en: 'Colombia, electronic invoice (DIAN): foreign buyer, export of services without VAT, invoice in pesos (COP) with the USD value on the invoice or an annex.',
    pt: 'Colômbia, fatura eletrônica (DIAN): adquirente do exterior, exportação de serviços sem IVA, fatura em pesos (COP) com o valor em USD na própria fatura ou em anexo.',
  },
  PE: {
    es: 'Perú, recibo por honorarios electrónico (SUNAT): cliente no domiciliado identificado por otro documento (sin RUC), descripción del servicio, monto en USD.',
    en: 'Peru, electronic recibo por honorarios (SUNAT): non-domiciled client identified by another document (no RUC), service description, amount in USD.',
    pt: 'Peru, recibo por honorarios eletrônico (SUNAT): cliente não domiciliado identificado por outro documento (sem RUC), descrição do serviço, valor em USD.',
  },
  BR: {
    es: 'Brasil, NFS-e de exportación: tomador del exterior (sin CPF/CNPJ, país EE. UU.), código de servicio, valor en BRL con tipo de cambio; exportación sin ISS.',
    en: 'Brazil, export NFS-e: foreign service taker (no CPF/CNPJ, country USA), service code, value in BRL with exchange rate; export without ISS.',
    pt: 'Brasil, NFS-e de exportação: tomador do exterior (sem CPF/CNPJ, país EUA), código do serviço, valor em BRL com câmbio; exportação sem ISS.',
  },
};
