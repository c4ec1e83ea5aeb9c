-- A qualified name refers to a module that does not exist.
-- ==
-- error: Unknown (module|name) "Mth
def r = Mth.sqrt 2.0
