-- Re-exporting an imported file.
open import "prelude_extras"
local open import "private_helpers"
module m = (import "grouped")
