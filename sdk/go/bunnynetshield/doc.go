// bunny.net Shield: the settings, rules, lists and pages of its zones, and the data of the whole Shield API.
package bunnynetshield
