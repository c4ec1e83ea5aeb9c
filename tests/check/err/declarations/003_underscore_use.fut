-- Names starting with an underscore are for values nobody reads.
-- ==
-- error: variables prefixed with underscore may not be accessed
def keep (_ignored: i64) (y: i64) = _ignored + y
