import type { CodeItemSeed } from './countries.ts'

/** Code list "Rueckweisungsgrund": why a canton rejects a requested licence withdrawal (AE). */
export const REJECTION_REASONS: CodeItemSeed[] = [
  {
    id: '1',
    de: 'Schiff ist im kantonalen Schiffsregister nicht verzeichnet',
    fr: "Le bateau n'est pas inscrit au registre cantonal des bateaux",
    it: 'Il natante non è iscritto nel registro cantonale dei natanti',
  },
  {
    id: '2',
    de: 'Kontrollschild stimmt nicht mit dem Schiff überein',
    fr: 'La plaque de contrôle ne correspond pas au bateau',
    it: 'La targa di controllo non corrisponde al natante',
  },
  {
    id: '3',
    de: 'Neuer Versicherungsnachweis liegt bereits vor',
    fr: "Une nouvelle attestation d'assurance a déjà été déposée",
    it: "È già stato depositato un nuovo attestato d'assicurazione",
  },
  {
    id: '4',
    de: 'Schiff wurde bereits ausser Verkehr gesetzt',
    fr: 'Le bateau a déjà été retiré de la circulation',
    it: 'Il natante è già stato ritirato dalla circolazione',
  },
  {
    id: '5',
    de: 'Halterin oder Halter stimmt nicht überein',
    fr: 'Le détenteur ne correspond pas',
    it: 'Il detentore non corrisponde',
  },
  {
    id: '6',
    de: 'Angaben unvollständig oder fehlerhaft',
    fr: 'Indications incomplètes ou erronées',
    it: 'Indicazioni incomplete o errate',
  },
].map((reason) => ({ category: 'Rueckweisungsgrund', ...reason }))
