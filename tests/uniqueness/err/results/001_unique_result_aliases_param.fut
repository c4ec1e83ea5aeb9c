-- A unique result may not alias a non-unique parameter.
-- ==
-- error: Unique-typed return value is aliased to "weights", which is not consumable
-- related: parameter whose type is not unique

def normalise (weights: []f32) : *[]f32 =
  let total = f32.sum weights
  in if total == 1 then weights else map (/ total) weights
