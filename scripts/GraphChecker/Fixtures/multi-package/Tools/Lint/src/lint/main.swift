import CoreModels
import LintRules

print(Model(), rules)
