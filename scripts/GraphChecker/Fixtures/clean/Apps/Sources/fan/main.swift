import AuthClientLive
import FanCoordinator

print("fan")
