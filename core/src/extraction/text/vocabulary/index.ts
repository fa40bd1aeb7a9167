// Every language the reader knows; add a file beside these and list it here.
import { bg } from "./bg.js";
import { cs } from "./cs.js";
import { da } from "./da.js";
import { de } from "./de.js";
import { el } from "./el.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { et } from "./et.js";
import { fi } from "./fi.js";
import { fr } from "./fr.js";
import { he } from "./he.js";
import { hu } from "./hu.js";
import { id } from "./id.js";
import { it } from "./it.js";
import { ja } from "./ja.js";
import { ko } from "./ko.js";
import { lt } from "./lt.js";
import { lv } from "./lv.js";
import { nb } from "./nb.js";
import { nl } from "./nl.js";
import { pl } from "./pl.js";
import { pt } from "./pt.js";
import { ro } from "./ro.js";
import { ru } from "./ru.js";
import { sk } from "./sk.js";
import { sv } from "./sv.js";
import { th } from "./th.js";
import { tr } from "./tr.js";
import type { Vocabulary } from "./types.js";
import { uk } from "./uk.js";
import { vi } from "./vi.js";
import { zh } from "./zh.js";

export type { Vocabulary } from "./types.js";
export const VOCABULARIES: readonly Vocabulary[] = [
  en,
  de,
  fr,
  nl,
  es,
  it,
  pl,
  pt,
  cs,
  sv,
  tr,
  ja,
  zh,
  ko,
  uk,
  he,
  vi,
  id,
  da,
  nb,
  fi,
  ro,
  hu,
  lt,
  lv,
  et,
  sk,
  ru,
  bg,
  el,
  th,
];
