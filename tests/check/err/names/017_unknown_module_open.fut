-- Opening a module that was never defined.
-- ==
-- error: Unknown (module|name) "helpers"
open helpers
