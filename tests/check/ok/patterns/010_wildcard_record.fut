-- Wildcards inside record patterns.
-- ==
def name_only ({name, age = _}: {name: i64, age: i32}) = name
