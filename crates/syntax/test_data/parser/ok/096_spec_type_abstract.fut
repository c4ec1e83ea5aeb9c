-- Abstract type specs with liftedness and parameters.
module type abstract_types = {
  type plain
  type^ lifted
  type~ size_lifted
  type param 'a
  type sized [n]
  type many [n] 'a '^b '~c
}
