-- The empty record.
def nothing = {}
def typed_nothing : {} = {}
def in_tuple = ({}, 1)
def takes_empty (_: {}) = 0
