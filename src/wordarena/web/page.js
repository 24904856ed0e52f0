// The site's pages (rules, guides, boards): the top bar's switches. The pages
// are complete without this script; it only saves a click on "Go".

import { wirePreferences } from "./prefs.js";

wirePreferences();
const select = document.getElementById("ui-lang");
select?.addEventListener("change", () => select.form.submit());
