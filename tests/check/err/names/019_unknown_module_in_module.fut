-- Inside a module, an alias names a module that does not exist.
-- ==
-- error: Unknown (module|name) "inner"
module outer = {
  module alias = inner
}
