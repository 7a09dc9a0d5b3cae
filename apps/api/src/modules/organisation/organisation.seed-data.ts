/** ISO 4217 currencies seeded for every new tenant: code, name, symbol, minor unit (decimal places). */
export const SEED_CURRENCIES: readonly (readonly [string, string, string, number])[] = [
  ['USD', 'US Dollar', '$', 2], ['EUR', 'Euro', '€', 2], ['GBP', 'Pound Sterling', '£', 2],
  ['JPY', 'Yen', '¥', 0], ['CHF', 'Swiss Franc', 'CHF', 2], ['CAD', 'Canadian Dollar', 'CA$', 2],
  ['AUD', 'Australian Dollar', 'A$', 2], ['NZD', 'New Zealand Dollar', 'NZ$', 2], ['CNY', 'Yuan Renminbi', '¥', 2],
  ['HKD', 'Hong Kong Dollar', 'HK$', 2], ['SGD', 'Singapore Dollar', 'S$', 2], ['INR', 'Indian Rupee', '₹', 2],
  ['NGN', 'Naira', '₦', 2], ['ZAR', 'Rand', 'R', 2], ['KES', 'Kenyan Shilling', 'KSh', 2], ['GHS', 'Ghana Cedi', 'GH₵', 2],
  ['EGP', 'Egyptian Pound', 'E£', 2], ['AED', 'UAE Dirham', 'AED', 2], ['SAR', 'Saudi Riyal', 'SAR', 2],
  ['KWD', 'Kuwaiti Dinar', 'KD', 3], ['BHD', 'Bahraini Dinar', 'BD', 3], ['SEK', 'Swedish Krona', 'kr', 2],
  ['NOK', 'Norwegian Krone', 'kr', 2], ['DKK', 'Danish Krone', 'kr', 2], ['PLN', 'Zloty', 'zł', 2],
  ['CZK', 'Czech Koruna', 'Kč', 2], ['HUF', 'Forint', 'Ft', 2], ['TRY', 'Turkish Lira', '₺', 2],
  ['BRL', 'Brazilian Real', 'R$', 2], ['MXN', 'Mexican Peso', 'MX$', 2], ['ARS', 'Argentine Peso', 'AR$', 2],
  ['KRW', 'Won', '₩', 0], ['IDR', 'Rupiah', 'Rp', 2], ['MYR', 'Malaysian Ringgit', 'RM', 2], ['THB', 'Baht', '฿', 2],
  ['PHP', 'Philippine Peso', '₱', 2], ['PKR', 'Pakistan Rupee', 'Rs', 2], ['ILS', 'New Israeli Sheqel', '₪', 2],
];

/** Locale codes offered by /gl/getlocales; their names come from Intl so they read naturally. */
export const LOCALE_CODES = [
  'en-GB', 'en-US', 'en-NG', 'en-ZA', 'en-IN', 'en-AU', 'en-CA', 'fr-FR', 'fr-CA', 'de-DE', 'de-CH', 'es-ES', 'es-MX',
  'it-IT', 'nl-NL', 'pt-PT', 'pt-BR', 'sv-SE', 'nb-NO', 'da-DK', 'fi-FI', 'pl-PL', 'cs-CZ', 'tr-TR', 'ar-AE',
  'ar-SA', 'he-IL', 'hi-IN', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-HK', 'id-ID', 'ms-MY', 'th-TH', 'sw-KE',
] as const;

export const DEFAULT_GLOBAL_AGREEMENT = `<h3>End User License Agreement</h3>
<p>This software is licensed, not sold, to your organisation for use by its authorised staff.</p>
<ol>
<li>You keep your organisation's data confidential and use the software only for its lawful business.</li>
<li>You are responsible for the accounts you create and for keeping their passwords secret.</li>
<li>Accounting records you post are kept as an audit trail and corrected only by reversal.</li>
<li>The licence manager may enable or disable modules according to your subscription.</li>
</ol>
<p>By choosing Accept you agree to these terms on behalf of your organisation.</p>`;
