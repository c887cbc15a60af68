// bunny.net Shield: shield zones, WAF rules, rate limits, access lists, bot detection and categorization, upload scanning, API Guardian, custom pages, and the data of the whole Shield API.
package bunnynetshield
