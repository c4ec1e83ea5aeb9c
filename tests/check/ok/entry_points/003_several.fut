-- Several entry points sharing a helper definition.
-- ==
def sq (x: i64) = x * x
entry square (x: i64) = sq x
entry cube (x: i64) = sq x * x
